import { Flex } from 'antd';
import { AlarmBadge } from './alarm-badge';
import { ErrorLogButton } from './error-log-button';
import { FullscreenToggle } from './fullscreen-toggle';
import { HelpDropdown } from './help-dropdown';
import { LanguageChooser, SizeChooser, ThemeChooser } from './preference-choosers';
import { ProjectSelector } from './project-selector';
import { UserDropdown } from './user-dropdown';

/**
 * A project name fits without squeezing the menu: at 1440 px every group of the top menu shows in
 * English too (e2e/accessibility.spec.ts checks it).
 */
const PROJECT_SELECTOR_WIDTH = 180;
const PROJECT_SELECTOR_WIDTH_MOBILE = 140;

/** The right side of the header (SPEC section 2 'Layout'). */
export function HeaderTools({ mobile }: { mobile: boolean }) {
  return (
    <Flex align="center" gap={4} className="app-header-tools">
      <ProjectSelector width={mobile ? PROJECT_SELECTOR_WIDTH_MOBILE : PROJECT_SELECTOR_WIDTH} />
      <AlarmBadge />
      <ErrorLogButton />
      {!mobile && <FullscreenToggle />}
      <SizeChooser />
      <LanguageChooser />
      <ThemeChooser />
      <HelpDropdown />
      <UserDropdown compact={mobile} />
    </Flex>
  );
}
