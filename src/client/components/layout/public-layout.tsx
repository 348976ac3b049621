import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';

/** The public site's frame: fixed navigation, the page, the footer (docs/product.md, section 3). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      {/* Room for the fixed navigation. */}
      <div className="flex flex-1 flex-col pt-16">{children ?? <Outlet />}</div>
      <PublicFooter />
    </div>
  );
}
