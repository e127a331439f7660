import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IncomingRequestsBadge, badgeText } from './connect-badge';

describe('the Connect badge', () => {
  it('shows nothing without incoming requests', () => {
    expect(renderToStaticMarkup(<IncomingRequestsBadge count={0} />)).toBe('');
  });
  it('shows the count, and says it to screen readers', () => {
    const html = renderToStaticMarkup(<IncomingRequestsBadge count={2} />);
    expect(html).toContain('>2<');
    expect(html).toContain('2 friend requests');
    expect(renderToStaticMarkup(<IncomingRequestsBadge count={1} />)).toContain('1 friend request<');
  });
  it('caps the pill at 9+', () => {
    expect(badgeText(12)).toBe('9+');
    expect(badgeText(9)).toBe('9');
  });
});
