import { Sparkle } from 'lucide-react';
import { Link } from 'react-router';
import { useSite } from '../../app/site-provider.tsx';
import { paths } from '../../../domain/routes.ts';

/** The agency's mark and name, leading home. */
export function PublicLogo({ onClick }: { onClick?: () => void }) {
  const { agencyName } = useSite();
  return (
    <Link
      to={paths.home}
      onClick={onClick}
      className="flex items-center gap-2 rounded-md py-1 text-base font-black tracking-tight uppercase"
    >
      <Sparkle className="size-6 shrink-0 text-accent" aria-hidden="true" />
      <span>{agencyName}</span>
    </Link>
  );
}
