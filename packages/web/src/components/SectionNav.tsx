import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface SectionNavItem {
  path: string;
  label: string;
  /** Shown after the label and read with it (a record form's state). */
  badge?: ReactNode;
}

/**
 * Navigation between the screens of one section (record instruments, prescription kinds). Plain links
 * that wrap onto a second line on narrow screens: route changes are navigation, not tab panels, and
 * antd Tabs would hide overflowing entries behind a "more" button inside the tablist (an axe
 * aria-required-children violation at 768 px).
 */
export function SectionNav({ label, items, activePath }: { label: string; items: readonly SectionNavItem[]; activePath: string }) {
  return (
    <nav aria-label={label} className="section-nav">
      <ul>
        {items.map((item) => (
          <li key={item.path}>
            <Link to={item.path} aria-current={item.path === activePath ? 'page' : undefined}>
              {item.label}
              {/* The space keeps the state a word of its own in the link's name (诊断记录 已填写). */}
              {item.badge && <span className="section-nav-badge"> {item.badge}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
