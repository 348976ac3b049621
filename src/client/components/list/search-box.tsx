import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from '../ui/input.tsx';
import { useListParams } from './use-list-params.ts';

export interface SearchBoxProps {
  /** The box's accessible name ('Search users'). */
  label: string;
  placeholder?: string;
  /** How long typing pauses before the address (and so the list) follows, in ms. */
  delay?: number;
  className?: string;
}

/**
 * A search field whose text lives in the address as `?q=`, so a reload or a shared link keeps
 * it; a new search starts the list again at page 1. The address follows the typing after a short
 * pause, and the field follows the address when it changes otherwise (Back, a link).
 */
export function SearchBox({ label, placeholder, delay = 250, className }: SearchBoxProps) {
  const { q, setQ } = useListParams();
  const [value, setValue] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    // Our own write arrives as what was typed (trimmed); anything else came from elsewhere.
    if (q !== value.trim()) setValue(q);
  }

  useEffect(() => {
    const next = value.trim();
    if (next === q) return;
    const timer = setTimeout(() => setQ(next), delay);
    return () => clearTimeout(timer);
  }, [value, q, setQ, delay]);

  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pl-9"
      />
    </div>
  );
}
