// The offline page (served by sw.js for a navigation without a network) reloads itself when the
// connection returns, so the user lands where they were going.
window.addEventListener('online', () => window.location.reload());
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
