// The offline page (served by sw.js for a navigation without a network) reloads itself when the
// connection returns, so the user lands where they were going.
const reload = () => window.location.reload();
window.addEventListener('online', reload);
document.getElementById('retry')?.addEventListener('click', reload);
// The connection may have come back before this script ran (no `online` event then): try again soon.
if (navigator.onLine) setTimeout(reload, 3000);
