import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether a print was asked for while part of a screen still waits for a deferred render
 * (`isWaiting`): the browser's `beforeprint` (the screen's print button, Ctrl+P) then renders that
 * part at once, synchronously, before the page is laid out for paper. Without it, a doctor who
 * presses 打印 in the fraction of a second before the deferred render has run on a slow PC would
 * print the screen without it.
 */
export function useRenderForPrint(isWaiting: boolean): boolean {
  const [isPrintAsked, setPrintAsked] = useState(false);
  useEffect(() => {
    if (!isWaiting) return;
    const renderNow = () => flushSync(() => setPrintAsked(true));
    window.addEventListener('beforeprint', renderNow);
    return () => window.removeEventListener('beforeprint', renderNow);
  }, [isWaiting]);
  return isPrintAsked;
}
