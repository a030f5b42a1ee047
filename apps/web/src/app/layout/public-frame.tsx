import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { PublicLanguageChooser, PublicThemeChooser } from './public-choosers';

/** Pages before sign-in still let the visitor pick a language and theme. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="app-public">
      <Flex gap={16} className="app-public-tools">
        <PublicLanguageChooser />
        <PublicThemeChooser />
      </Flex>
      {children}
    </div>
  );
}
