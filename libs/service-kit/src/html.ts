/** Escapes text for HTML element content and quoted attribute values (mail bodies, small pages). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
