import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { Card } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardCard as CardName } from '@envmon/shared';

/** Where the cards are: the home page inside the console, or the wall in its own tab (links open a new one). */
export type DashboardSurface = 'home' | 'wall';
export const SurfaceContext = createContext<DashboardSurface>('home');

/**
 * A link to the screen a figure comes from. On the wall it opens a new tab, so the wall keeps running.
 * Without a path (the user's roles do not reach the screen) the figure is shown without a link.
 */
export function ScreenLink({ to, label, children }: { to: string | undefined; label?: string; children: ReactNode }) {
  const surface = useContext(SurfaceContext);
  if (!to) return <>{children}</>;
  return (
    <Link
      to={to}
      aria-label={label}
      target={surface === 'wall' ? '_blank' : undefined}
      rel={surface === 'wall' ? 'noopener' : undefined}
    >
      {children}
    </Link>
  );
}

export interface DashboardCardProps {
  card: CardName;
  /** The screen the card's figures come from. */
  link?: string;
  children: ReactNode;
  /** The card's body fills its height (map, charts, lists on the wall). */
  fill?: boolean;
}

/** A dashboard card: its title (dashboard.cards.<card>), a link to its screen, a stable test id. */
export function DashboardCard({ card, link, children, fill }: DashboardCardProps) {
  const { t } = useTranslation();
  const title = t(`dashboard.cards.${card}`);
  const surface = useContext(SurfaceContext);
  const ref = useRef<HTMLDivElement>(null);
  // The wall's card bodies scroll within their cell: each is a named tab stop, so a keyboard can scroll it
  // (WCAG 2.1.1; axe 'scrollable-region-focusable'). antd's Card takes no attributes for its body.
  useEffect(() => {
    const body = ref.current?.querySelector<HTMLElement>(':scope > .ant-card-body');
    if (surface !== 'wall' || !body) return;
    body.tabIndex = 0;
    body.setAttribute('role', 'region');
    body.setAttribute('aria-label', title);
  }, [surface, title]);
  return (
    <Card
      ref={ref}
      size="small"
      title={title}
      className={['dashboard-card', fill ? 'dashboard-card--fill' : ''].filter(Boolean).join(' ')}
      data-testid={`dashboard-card-${card}`}
      extra={
        link ? (
          <ScreenLink to={link} label={t('dashboard.openCard', { card: title })}>
            {t('dashboard.open')} <RightOutlined />
          </ScreenLink>
        ) : null
      }
    >
      {children}
    </Card>
  );
}
