/**
 * The routing API every Vere app uses, and the one module the apps share for it (a Module Federation
 * singleton, so the shell and the remotes see one router context).
 *
 * Why not share `react-router-dom` itself: a shared module is bundled whole, because the build cannot
 * know what a remote deployed later will import. `react-router-dom` re-exports all of React Router
 * (data routers, server rendering, RSC helpers): ~60 KiB gzipped on every first paint. Sharing this
 * list instead lets the bundler drop what no name here reaches (decision 0020). A remote that needs
 * another export adds it here, and the shell ships it with its next build.
 *
 * Lint forbids importing `react-router` or `react-router-dom` anywhere else: a second copy of the
 * router would have its own context, and links in a remote would stop working.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { LinkProps, Location, NavigateFunction, NavigateOptions, RouteObject, To } from 'react-router';
