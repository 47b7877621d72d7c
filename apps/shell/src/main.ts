// The app itself, started by ./index.ts once remote discovery, the session check and the page's
// own chunk are under way.
import './bootstrap';
