import { Button, Flex, Result, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';

/** A way out of a result page: to a console path (replacing the page in the history), back one step (-1), or a handler of its own. */
export interface PageResultAction {
  label: string;
  to?: string | -1;
  onClick?: () => void;
  primary?: boolean;
}

export interface PageResultProps extends Pick<ResultProps, 'status' | 'title' | 'subTitle' | 'className'> {
  actions: readonly PageResultAction[];
  /** The centring page's class: the error pages' by default, the sign-in's backdrop for sign-in outcomes. */
  pageClassName?: string;
}

/** A page that only states an outcome (404, 401, an error no screen caught, a failed sign-in): antd's Result in the page's centre, with its ways out. */
export function PageResult({ actions, pageClassName = 'app-error-page', ...result }: PageResultProps) {
  const navigate = useNavigate();
  const buttons = actions.map(({ label, to, onClick, primary }) => (
    <Button
      key={label}
      type={primary ? 'primary' : undefined}
      onClick={() => {
        if (onClick) onClick();
        else if (to === -1) void navigate(-1);
        else if (to !== undefined) void navigate(to, { replace: true });
      }}
    >
      {label}
    </Button>
  ));
  return (
    <Flex align="center" justify="center" className={pageClassName}>
      <Result {...result} extra={buttons.length === 1 ? buttons[0] : buttons} />
    </Flex>
  );
}
