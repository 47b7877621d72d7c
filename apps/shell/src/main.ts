// The app itself, started by ./index.ts once remote discovery is under way.
import { preloadPageAt } from './router';
import './bootstrap';

// The page's own chunk too, beside the sign-in check rather than after it.
preloadPageAt(window.location.pathname);
