import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useLanguage } from '../../app/language-provider.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useAssigneeCandidates } from './api/get-assignee-candidates.ts';
import { displayName } from './assignees.ts';

export interface Person {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

interface AssigneePickerProps {
  /** The chosen people's ids. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Those already chosen when the form opened (an edited task's assignees), to name them. */
  initial?: readonly Person[];
  error?: string;
}

/**
 * Who a task is for: a search over the creators (never administrators) by name or username, each
 * result a checkbox, and the chosen ones listed above with a button to remove each.
 */
export function AssigneePicker({ value, onChange, initial = [], error }: AssigneePickerProps) {
  const { t } = useLanguage();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [known, setKnown] = useState<Record<string, Person>>(() =>
    Object.fromEntries(initial.map((person) => [person.id, person])),
  );
  const candidates = useAssigneeCandidates(q);
  const searchId = useId();
  const errorId = useId();
  const resultsId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const chosen = new Set(value);
  const toggle = (person: Person) => {
    if (chosen.has(person.id)) {
      onChange(value.filter((id) => id !== person.id));
      return;
    }
    setKnown((current) => ({ ...current, [person.id]: person }));
    onChange([...value, person.id]);
  };

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('tasks.form.assignees')}</legend>
      <ChosenAssignees
        ids={value}
        known={known}
        onRemove={(id) => onChange(value.filter((other) => other !== id))}
      />
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('tasks.form.searchUsers')}
        </label>
        <Search
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            // Enter in the search box must not send the whole form.
            if (event.key === 'Enter') event.preventDefault();
          }}
          placeholder={t('tasks.form.searchUsersPlaceholder')}
          aria-controls={resultsId}
          aria-invalid={Boolean(error)}
          className="pl-9"
          autoComplete="off"
        />
      </div>
      <div
        id={resultsId}
        className="max-h-52 overflow-y-auto rounded-md border border-border bg-surface"
      >
        <CandidateResults query={candidates} chosen={chosen} onToggle={toggle} />
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The people chosen so far, each with a button to take them off. */
function ChosenAssignees({
  ids,
  known,
  onRemove,
}: {
  ids: readonly string[];
  /** The people met so far by id, to name the chosen ones. */
  known: Record<string, Person>;
  onRemove: (id: string) => void;
}) {
  const { t } = useLanguage();
  return ids.length > 0 ? (
    <ul aria-label={t('tasks.form.assigned')} className="flex flex-wrap gap-2">
      {ids.map((id) => {
        const person = known[id];
        const name = person ? displayName(person) : id;
        return (
          <li
            key={id}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-background py-1 pr-1 pl-3 text-sm"
          >
            <span className="truncate">
              {name}
              {person && name !== person.username && (
                <span className="text-muted-foreground"> @{person.username}</span>
              )}
            </span>
            <button
              type="button"
              onClick={() => onRemove(id)}
              className="rounded-full p-1 text-muted-foreground hover:bg-surface hover:text-foreground"
              aria-label={t('tasks.form.removeAssignee', { name })}
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  ) : (
    <p className="text-sm text-muted-foreground">{t('tasks.form.noneAssigned')}</p>
  );
}

/** The search's results, each a checkbox; or why there are none. */
function CandidateResults({
  query,
  chosen,
  onToggle,
}: {
  query: ReturnType<typeof useAssigneeCandidates>;
  chosen: ReadonlySet<string>;
  onToggle: (person: Person) => void;
}) {
  const { t } = useLanguage();
  const people = query.data?.items ?? [];
  return query.isPending ? (
    <p role="status" className="p-3 text-sm text-muted-foreground">
      {t('common.loading')}
    </p>
  ) : query.isError ? (
    <p role="alert" className="p-3 text-sm text-red-400">
      {t('tasks.form.usersFailed')}
    </p>
  ) : people.length === 0 ? (
    <p role="status" className="p-3 text-sm text-muted-foreground">
      {t('tasks.form.noUsers')}
    </p>
  ) : (
    <ul aria-label={t('tasks.form.searchResults')} className="divide-y divide-border">
      {people.map((person) => (
        <li key={person.id}>
          <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-background">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-accent"
              checked={chosen.has(person.id)}
              onChange={() => onToggle(person)}
            />
            <span className="grid min-w-0">
              {displayName(person)}
              <span className="truncate text-muted-foreground">@{person.username}</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
