import i18n from 'i18next';
import { zhCNOutcomes } from './zh-CN-outcomes';

/**
 * Adds the outcome report's Chinese texts (zh-CN-outcomes.ts) to the catalogue. Imported, for its
 * effect, by the screens that use them (the outcome report, the indicators), so the login screen's
 * entry does not carry them; the English catalogue is loaded whole when English is chosen.
 */
function register(): void {
  i18n.addResourceBundle('zh-CN', 'translation', { outcomes: zhCNOutcomes }, true, false);
}

if (i18n.isInitialized) register();
else i18n.on('initialized', register);
