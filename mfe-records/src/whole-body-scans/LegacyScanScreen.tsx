import { useSearchParams } from 'react-router';
import WholeBodyScanDetails from './WholeBodyScanDetails';
import WholeBodyScanReport from './WholeBodyScanReport';

/** The older table's `/simonOne/details?id=`: the scan's report, or with `&view=details` its full details. */
const LegacyScanScreen = () => {
  const [search] = useSearchParams();
  return search.get('view') === 'details' ? <WholeBodyScanDetails /> : <WholeBodyScanReport />;
};

export default LegacyScanScreen;
