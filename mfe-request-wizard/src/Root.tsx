import { Suspense, lazy } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { PATHS } from '@portal/contracts';
import { PageLoading } from '@portal/ui';

const Landing = lazy(() => import('./landing/Landing'));
const RequestWizard = lazy(() => import('./wizard/RequestWizard'));
const FacilityPage = lazy(() => import('./facility/FacilityPage'));
const UnlistedFacilityPage = lazy(() => import('./unlisted-facility/UnlistedFacilityPage'));

/** The external wizard of the route's facility (the embed mounts Root at /external-request/<id>/consent). */
const ExternalWizard = () => <RequestWizard variant="external" custodianId={useParams().id} />;

export const Root = () => (
  <Suspense fallback={<PageLoading />}>
    <Routes>
      <Route path={PATHS.new.landing} element={<Landing />} />
      <Route path={PATHS.legacy.landing} element={<Landing />} />
      <Route path="/facility/:id" element={<FacilityPage />} />
      <Route path={PATHS.new.unlistedFacility} element={<UnlistedFacilityPage />} />
      <Route path={`${PATHS.new.requestRecords}/*`} element={<RequestWizard variant="internal" />} />
      {/* Legacy entries open the internal wizard at its first step. */}
      <Route path="/request-record" element={<RequestWizard variant="internal" />} />
      {/* The older table's request pages: /requestRecord chooses the facility (the landing's search), /requestRecord/new the wizard's steps, which live under /request-records in both tables. */}
      <Route path="/requestRecord" element={<Landing />} />
      <Route path="/requestRecord/*" element={<RequestWizard variant="internal" />} />
      <Route path={`${PATHS.new.externalRequest}/:id/*`} element={<ExternalWizard />} />
      <Route path="*" element={null} />
    </Routes>
  </Suspense>
);
