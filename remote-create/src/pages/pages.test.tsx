import { testUser } from '@app/shared/test/fixtures';
import { act, render, screen } from '@testing-library/react';
import { PageContext, session } from '@app/shared';
import CreateSuccessPage from './create-success/create-success-page';
import HomePage from './home/home-page';
import MyCreationsPage from './my-creations/my-creations-page';

const user = testUser({ createNum: 7 });

const withQuery = (query: Record<string, string>, ui: React.ReactNode) => (
  <PageContext.Provider value={{ id: 1, route: 'pagesA/create/createSuccess', query, active: true }}>{ui}</PageContext.Provider>
);

describe('remote-create pages', () => {
  afterEach(() => act(() => session.clear()));

  it('首页 shows the balance only to a signed-in user', () => {
    render(<HomePage />);
    expect(screen.getByText('极速生成视频')).toBeTruthy();
    expect(screen.queryByLabelText('积分余额')).toBeNull();
    act(() => session.set(user));
    expect(screen.getByLabelText('积分余额').textContent).toContain('7');
  });

  it('我的创作 asks a signed-out user to sign in, a signed-in one to create', () => {
    render(<MyCreationsPage />);
    expect(screen.getByText('登录后查看你的创作')).toBeTruthy();
    expect(screen.getByText('使用手机号登录，未注册的手机号将自动注册')).toBeTruthy();
    expect(screen.queryByText('找找其他的吧')).toBeNull(); // the kit's default text fits no page here
    act(() => session.set(user));
    expect(screen.getByText('创作第一个视频')).toBeTruthy();
  });

  it('生成视频成功 reads the task id from the page query', () => {
    render(withQuery({ id: 'abc' }, <CreateSuccessPage />));
    expect(screen.getByText('任务编号 abc')).toBeTruthy();
  });

  it('生成视频成功 without an id says so', () => {
    render(withQuery({}, <CreateSuccessPage />));
    expect(screen.getByText('没有找到这个任务')).toBeTruthy();
  });
});
