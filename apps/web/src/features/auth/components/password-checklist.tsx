import { PASSWORD_RULES } from '@marquee/shared';

/** The live five-rule checklist under the sign-up password. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={`flex items-center gap-1.5 ${met ? 'text-success' : 'text-muted-foreground'}`}>
            <span aria-hidden="true" className="font-mono">
              {met ? '✓' : '○'}
            </span>
            <span>{rule.label}</span>
            <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
