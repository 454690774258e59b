import { Route, Routes } from 'react-router';
import { PublicViewerPage } from './public-view/PublicViewerPage';

export const Root = () => (
  <Routes>
    <Route path="/view/:id" element={<PublicViewerPage />} />
    <Route path="*" element={null} />
  </Routes>
);
