// Listens to every key on the door screen (before any field or button sees it) and hands a keyboard-wedge
// scanner's scan to `onScan`, whatever has the focus: held keys are kept out of fields and given back when they
// turn out to be a person's typing; a field a scan reached anyway (a slow scanner) is put back as it was.
import { useEffect, useRef } from 'react';
import { insertText, restoreField, saveField, takesText, type FieldState } from './field-text';
import { HOLD_MS, WedgeReader } from './wedge';

export function useWedge(onScan: (text: string) => void) {
  const report = useRef(onScan);
  useEffect(() => {
    report.current = onScan;
  }, [onScan]);

  useEffect(() => {
    const reader = new WedgeReader();
    let timer: number | undefined;
    // Where the possible payload began: the field held keys go back to, and its state to put back after a scan.
    let target: Element | null = null;
    let before: FieldState | null = null;
    const handBack = (text: string) => insertText(target?.isConnected ? target : document.activeElement, text);
    const stop = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const begin = () => {
      target = document.activeElement;
      before = saveField(target);
    };
    const waitForMore = () => {
      window.clearTimeout(timer);
      // A little past the limit, so the reader sees it passed.
      timer = window.setTimeout(() => handBack(reader.expire(performance.now())), reader.wait + HOLD_MS / 4);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const decision = reader.key({
        key: event.key,
        time: event.timeStamp,
        modified: event.ctrlKey || event.altKey || event.metaKey || event.isComposing,
        editable: takesText(document.activeElement),
      });
      switch (decision.kind) {
        case 'pass':
          handBack(decision.release);
          return;
        case 'hold':
          stop(event);
          if (decision.start) begin();
          waitForMore();
          return;
        case 'insert':
          stop(event);
          handBack(decision.text);
          if (decision.start) {
            begin();
            waitForMore();
          }
          return;
        case 'scan':
          stop(event);
          window.clearTimeout(timer);
          if (decision.restore) restoreField(before);
          report.current(decision.text);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.clearTimeout(timer);
    };
  }, []);
}
