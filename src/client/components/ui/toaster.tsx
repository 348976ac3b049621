import { useEffect, useRef } from 'react';
import { useLanguage } from '../../app/language-provider.tsx';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast.tsx';
import { useToast } from './use-toast.ts';

export function Toaster() {
  const { toasts } = useToast();
  const { t } = useLanguage();
  const viewport = useRef<HTMLOListElement>(null);

  // A modal <dialog> sits in the browser's top layer, above any z-index, so a toast raised while
  // one is open would be hidden beneath it. The viewport is a popover, shown again with each toast
  // so it stacks above whatever dialog opened since.
  useEffect(() => {
    const element = viewport.current;
    if (!element || toasts.length === 0) return;
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [toasts]);

  return (
    <ToastProvider
      duration={5000}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.label')}
    >
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title !== undefined && <ToastTitle>{title}</ToastTitle>}
            {description !== undefined && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose label={t('common.close')} />
        </Toast>
      ))}
      {/* F8 moves focus to the toasts (docs/product.md, section 6). */}
      <ToastViewport
        ref={viewport}
        popover="manual"
        hotkey={['F8']}
        label={t('toast.viewportLabel')}
      />
    </ToastProvider>
  );
}
