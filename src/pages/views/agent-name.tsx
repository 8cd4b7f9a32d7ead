import type { Locale } from '../i18n/catalogue.js';
import { describeUserAgent } from './user-agent.js';

/**
 * A user agent as a person reads it ("Firefox on Linux"), with the string as sent one click away:
 * it is what a person may need to check, and what the words cannot promise to get right.
 */
export const AgentName = ({ locale, userAgent }: { locale: Locale; userAgent: string | null }) => {
  const { t } = locale;
  if (userAgent === null) return <span>{t('account.unknownAgent')}</span>;
  const { browser, system } = describeUserAgent(userAgent);
  const short =
    browser && system ? t('account.agentOn', { browser, system }) : (browser ?? (system ? t('account.agentOn', { browser: t('account.aBrowser'), system }) : t('account.unknownAgent')));
  return (
    <details class="agent">
      <summary>{short}</summary>
      <span class="hint">{userAgent}</span>
    </details>
  );
};
