// Everything a user who chose English needs beyond the default Chinese, fetched as one chunk when they
// switch (or, after a reload, before the first render): the catalogue, the schema-message map and
// antd's own English texts (pagination, date pickers, dialogs).
export { default as antdLocale } from 'antd/locale/en_US';
export { default as catalogue, validationMessages } from './en-US';
