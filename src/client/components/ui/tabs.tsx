import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/** Which tab is chosen, which panels were ever shown, and the tabs' keys. */
function useTabs(tabs: TabItem[]) {
  const [selected, setSelected] = useState(tabs[0]?.id);
  const [visited, setVisited] = useState(() => new Set(tabs.slice(0, 1).map((tab) => tab.id)));
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  function select(id: string) {
    setSelected(id);
    setVisited((seen) => (seen.has(id) ? seen : new Set(seen).add(id)));
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const tab = target === undefined ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    select(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  const refFor = (id: string) => (element: HTMLButtonElement | null) => {
    if (element) tabRefs.current.set(id, element);
    else tabRefs.current.delete(id);
  };

  return { selected, visited, select, onKeyDown, refFor };
}

/**
 * Tabs in the WAI-ARIA manner: one tab in the tab order (roving tabindex), arrow keys, Home and End
 * move and select. A panel mounts the first time its tab is chosen and then stays, so what it
 * loads (an image, say) is only asked for when someone looks.
 */
export function Tabs({ label, tabs }: { label: string; tabs: TabItem[] }) {
  const baseId = useId();
  const { selected, visited, select, onKeyDown, refFor } = useTabs(tabs);

  return (
    // min-w-0: in a grid or flex parent, the tab list must not widen its container.
    <div className="min-w-0">
      {/* The tabs wrap onto a second row rather than scroll: on a phone every tab stays in
          sight, where a scrolling strip hid the last ones with no sign that it scrolls. */}
      <div
        role="tablist"
        aria-label={label}
        className="flex flex-wrap gap-1 rounded-lg border border-border bg-surface p-1"
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={refFor(tab.id)}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'grow rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors sm:grow-0',
                isSelected
                  ? 'bg-background text-foreground shadow-sm ring-1 ring-accent'
                  : 'text-muted-foreground hover:bg-background/60 hover:text-foreground',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="pt-4"
        >
          {visited.has(tab.id) && tab.panel}
        </div>
      ))}
    </div>
  );
}
