import type { ThemeConfig } from 'antd';

/**
 * The class that carries antd's design tokens as CSS variables (`--ant-color-primary`, …). antd puts
 * it on its own components; index.html puts it on <html> too, so that the app's stylesheets and SVG
 * charts read the same tokens everywhere (skip link, focus rings, print) instead of copying colours.
 */
export const THEME_CLASS = 'tcm-theme';

/**
 * Ant Design's defaults put several text colours below WCAG AA contrast (the #1677ff primary on white
 * is 4.1:1, secondary text 3.4:1, #ff4d4f error text 3.3:1). A clinic screen is read all day, often on
 * cheap monitors, and axe-core checks every screen, so the tokens are darkened to ≥ 4.5:1.
 */
export const theme: ThemeConfig = {
  cssVar: { key: THEME_CLASS },
  token: {
    colorPrimary: '#0f6b57',
    colorLink: '#0f6b57',
    colorInfo: '#0f6b57',
    colorSuccess: '#237804',
    colorWarning: '#975a00',
    colorError: '#cf1322',
    // antd derives the light tints (alert and tag backgrounds, the selected option of a list) from the
    // base colour; from these dark bases it derives muddy greys (#a1aba7 behind an info alert), so the
    // tints are set by hand, light enough to keep the dark text at ≥ 4.5:1.
    colorPrimaryBg: '#e6f2ee',
    colorPrimaryBgHover: '#d0e7df',
    colorPrimaryBorder: '#a3cfc0',
    colorPrimaryBorderHover: '#74b29c',
    colorInfoBg: '#e6f2ee',
    colorInfoBgHover: '#d0e7df',
    colorInfoBorder: '#a3cfc0',
    colorInfoBorderHover: '#74b29c',
    colorSuccessBg: '#f0f7e9',
    colorSuccessBgHover: '#dcefc9',
    colorSuccessBorder: '#b1d78f',
    colorSuccessBorderHover: '#8cc25f',
    colorWarningBg: '#fff7e6',
    colorWarningBgHover: '#ffe7ba',
    colorWarningBorder: '#ffd591',
    colorWarningBorderHover: '#ffc069',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    colorBgLayout: '#f4f6f5',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif",
  },
  components: {
    // headerHeight is antd's default, set here because the first-paint frame's header reads it too.
    Layout: { headerBg: '#0f6b57', headerColor: '#ffffff', headerPadding: '0 16px', headerHeight: 64, siderBg: '#ffffff' },
    Menu: { itemSelectedColor: '#0f6b57', itemSelectedBg: '#e3f1ec' },
  },
};
