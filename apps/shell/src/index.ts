import { preloadArea } from './features/remotes/utils/remote-registry';

// Before the async boundary (no shared module may run here): start the first screen's remote now,
// side by side with the shared chunks, instead of after the shell has booted (decision 0020).
void preloadArea(window.location.pathname);

// Async boundary: Module Federation must negotiate the shared singletons before any of them runs.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
