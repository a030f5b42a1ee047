import { Flex } from 'antd';
import { GuardedCommandsCard } from '../components/guarded-commands-card';
import { MyDynamicCodeCard } from '../components/my-dynamic-code-card';

/**
 * Settings › dynamic code (SPEC section 7: dynamicCode get): the caller's own enrolment in an authenticator app,
 * and the commands that need a code.
 */
export default function DynamicCodePage() {
  return (
    <Flex vertical gap="middle" data-testid="settings-dynamic-code-page">
      <MyDynamicCodeCard />
      <GuardedCommandsCard />
    </Flex>
  );
}
