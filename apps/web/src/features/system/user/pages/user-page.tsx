import { CRUD } from '@envmon/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../../components/crud/crud-page';
import type { ExtraRules } from '../../../../components/crud/crud-form-modal';
import { userNameUniqueQueryOptions } from '../api/check-user-name-unique';

/** Users; a new user name is checked against the server when the field is left (SPEC section 5). */
export default function UserPage() {
  const { t } = useTranslation();
  const client = useQueryClient();

  const uniqueUserName: FormRule = {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const userName = typeof value === 'string' ? value.trim() : '';
      // Emptiness and format are the schema's to report.
      if (userName === '') return;
      const free = await client.fetchQuery(userNameUniqueQueryOptions(userName)).catch(() => true);
      if (!free) throw new Error(t('common.messages.userNameTaken'));
    },
  };

  const extraRules: ExtraRules = (mode) => (mode === 'create' ? { userName: [uniqueUserName] } : {});

  return <CrudPage def={CRUD.user} extraRules={extraRules} />;
}
