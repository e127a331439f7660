import { useEffect } from 'react';

export const PRODUCT_TITLE = 'Vere — Challenge Your Normal';

export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} · Vere` : PRODUCT_TITLE;
  }, [page]);
}
