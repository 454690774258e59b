import { Suspense, lazy } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { PageFrame, PageLoading } from '@portal/ui';

const Landing = lazy(() => import('./landing/Landing'));

/** Wizard step pages are frames until the wizard issue. */
const StepFrame = ({ external }: { external?: boolean }) => {
  const params = useParams();
  const step = params['*'] || 'consent';
  const name = step.split('/')[0].replace(/-/g, ' ');
  return (
    <PageFrame title={external ? 'External request' : 'Request records'} testId="wizard-step">
      <p data-testid="wizard-step-name">{name.charAt(0).toUpperCase() + name.slice(1)}</p>
    </PageFrame>
  );
};

export const Root = () => (
  <Suspense fallback={<PageLoading />}>
    <Routes>
      <Route path="/home" element={<Landing />} />
      <Route path="/" element={<Landing />} />
      <Route path="/facility/:id" element={<Landing />} />
      <Route path="/request-records/*" element={<StepFrame />} />
      <Route path="/request-record" element={<StepFrame />} />
      <Route path="/requestRecord/*" element={<StepFrame />} />
      <Route path="/external-request/:id/*" element={<StepFrame external />} />
      <Route path="*" element={null} />
    </Routes>
  </Suspense>
);
