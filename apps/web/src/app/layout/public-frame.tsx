import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { LanguageChooser, ThemeChooser } from './header/preference-choosers';

/** Pages before sign-in still let the visitor pick a language and theme. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="app-public">
      <Flex gap={4} className="app-public-tools">
        <LanguageChooser />
        <ThemeChooser />
      </Flex>
      {children}
    </div>
  );
}
