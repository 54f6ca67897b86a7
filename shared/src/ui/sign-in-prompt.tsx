import { Button, EmptyState } from '@app/shared/kit';
import { useContext } from 'react';
import { navigateTo } from '../navigation/navigation';
import { PageContext } from '../navigation/page-context';
import { stringifyQuery } from '../navigation/query-string';
import { LOGIN_ROUTE } from '../pages/registry';

/** What a signed-out user sees where their own data would be: a way to sign in and come back. */
export function SignInPrompt({ title = '登录后查看', description = '使用手机号登录，未注册的手机号将自动注册' }: { title?: string; description?: string }) {
  const { route, query } = useContext(PageContext);
  const here = `/${route}${Object.keys(query).length ? `?${stringifyQuery(query)}` : ''}`;
  return (
    <EmptyState kind="signed-out" className="app-sign-in-prompt" style={{ paddingTop: '3rem' }} title={title} description={description}>
      <Button
        color="primary"
        shape="rounded"
        style={{ minWidth: 160 }}
        onClick={() => void navigateTo({ url: `/${LOGIN_ROUTE}?${stringifyQuery({ redirect: here })}` }).catch(() => undefined)}
      >
        登录/注册
      </Button>
    </EmptyState>
  );
}
