import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConnectivityBanner } from './offline-banner';

describe('the offline banner', () => {
  it('shows nothing while online', () => {
    expect(renderToStaticMarkup(<ConnectivityBanner state="online" />)).toBe('');
  });
  it('says the user is offline and that what was loaded stays readable, as a polite status', () => {
    const html = renderToStaticMarkup(<ConnectivityBanner state="offline" />);
    expect(html).toContain('role="status"');
    expect(html).toContain('You&#x27;re offline');
    expect(html).toContain('stays readable');
  });
  it('tells a server without an answer from a browser without a network', () => {
    expect(renderToStaticMarkup(<ConnectivityBanner state="unreachable" />)).toContain('Can&#x27;t reach Vere');
  });
});
