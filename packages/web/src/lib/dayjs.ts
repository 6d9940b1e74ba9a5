import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from '../i18n';

// dayjs and its Chinese locale are imported by the modules that use them (this one), not by the app's
// entry: the login screen formats no dates. antd's date pickers need the locale registered, and dates
// follow the UI language, so every module that formats a date or shows a picker imports dayjs from here.
const follow = (language: string | undefined) => {
  dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
};
follow(i18n.language);
i18n.on('languageChanged', follow);

export default dayjs;
