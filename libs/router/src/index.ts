// The part of React Router a remote may use, shared by the shell as one module.
//
// The shell provides this module to the remotes instead of react-router-dom itself: a shared
// module has to be provided whole (a remote may call any export), and react-router-dom whole
// is about 50 KiB compressed, most of it data-router and server code no page here uses. Through
// this list the shell's own copy of React Router stays tree-shaken, and the remotes still render
// inside the shell's router (one router context). A remote that needs another export adds it
// here; the shell then provides it to every remote.
export {
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { NavigateFunction } from 'react-router-dom';
