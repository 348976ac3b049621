import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Each new page starts at its top (docs/product.md, section 3); a link to `#section` lands on that
 * section instead, which the browser does not do by itself for client-side navigation.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  return null;
}
