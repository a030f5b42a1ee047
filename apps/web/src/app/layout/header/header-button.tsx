import type { ComponentProps, ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

type ButtonProps = Omit<ComponentProps<typeof Button>, 'icon' | 'type'> & { icon: ReactNode; label: string };

/**
 * An icon button for the dark header bar; the label is its accessible name. Dropdowns and
 * tooltips attach to it through the ref and props it passes on.
 */
export function HeaderIconButton({ icon, label, className, ...rest }: ButtonProps) {
  return (
    <Button
      type="text"
      icon={icon}
      aria-label={label}
      className={['app-header-button', className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}

/** The same with a tooltip, for buttons that act on click rather than open a menu. */
export function HeaderTooltipButton(props: ButtonProps) {
  return (
    <Tooltip title={props.label}>
      <HeaderIconButton {...props} />
    </Tooltip>
  );
}
