// antd's Result alone, as a chunk of its own for StatusResult: its 403/404/500 illustrations weigh
// ~10 kB gzip, and the screens show a Result only when something has failed or is not allowed.
export { Result as default } from 'antd';
