// Standalone dev entry. The async boundary lets Module Federation settle the shared singletons first.
void import('./bootstrap');
