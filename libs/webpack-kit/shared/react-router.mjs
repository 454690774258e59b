// The shared singleton `react-router` of the shell and every remote (decision 0007). A shared module
// is bundled whole, and react-router 7 is a framework (data routers, server rendering, RSC): whole, it
// was 60 KB gzipped of the first load. The portal uses declarative routing only, so what is shared is
// this subset; webpack tree-shakes the rest away. `react-router-full` is an alias of the package
// itself, so this file does not consume itself. An export used anywhere in the front end but missing
// here fails shared-react-router.spec.ts; adding one changes the shared contract (see decision 0007).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  generatePath,
  matchPath,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-full';
