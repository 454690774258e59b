import FramePage from '../pages/FramePage';

/** Placeholder until this screen is built. */
const Screen = () => <FramePage page="myIdentity" />;
export default Screen;
