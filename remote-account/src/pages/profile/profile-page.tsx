import type { UserInfo } from '@app/contract';
import { showModal, SignInPrompt, toast, uploadImage, useLeaveGuard, useUserInfo } from '@app/shared';
import { Button } from '@app/shared/kit';
import { Avatar, Input, List, ProgressCircle } from '@app/shared/kit/more';
import { useEffect, useRef, useState } from 'react';
import { maskPhone } from '../../format';
import { AccountSecurity } from './account-security';
import { useChangeInfo } from './change-info';
import { NAME_MAX, NICKNAME_MAX } from '@app/contract';
import { profileErrorText, validateProfile, type ProfileDraft } from './profile-form';
import { squareAvatar } from './square-avatar';
import { AccountDataRows } from './account-data-rows';
import '../../styles.css';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** The avatar: tap to pick a picture; it uploads with progress and is saved at once. */
function AvatarPicker({ user }: { user: UserInfo }) {
  const change = useChangeInfo();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const aborter = useRef<AbortController | null>(null);
  // Leaving the page stops an upload under way.
  useEffect(() => () => aborter.current?.abort(), []);

  const pick = async (file: File | undefined) => {
    if (!file || progress !== null) return;
    setProblem('');
    setProgress(0);
    aborter.current = new AbortController();
    try {
      // Cropped to its centre square first: a tall photo makes a round avatar of the face, not a squeezed one.
      const square = await squareAvatar(file);
      const url = await uploadImage({ file: square, kind: 'avatar', onProgress: setProgress, signal: aborter.current.signal });
      await change.mutateAsync({ avatar: url });
      toast('头像已更新');
    } catch (error) {
      setProblem(profileErrorText(error));
    } finally {
      setProgress(null);
      // The same file picked again after a failure is a change too.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <List.Item
      className="ac-avatar-item"
      onClick={() => input.current?.click()}
      description={problem ? <span className="ac-problem" role="alert">{problem}</span> : undefined}
      extra={
        <span className="ac-avatar-picker">
          <Avatar src={user.avatar} style={{ '--size': '3rem', '--border-radius': '50%' } as React.CSSProperties} />
          {progress !== null && (
            <ProgressCircle className="ac-avatar-progress" percent={progress} aria-label="上传进度" style={{ '--size': '3rem', '--track-width': '3px' } as React.CSSProperties}>
              {progress}%
            </ProgressCircle>
          )}
        </span>
      }
      arrowIcon
    >
      头像
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label="选择头像"
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
    </List.Item>
  );
}

/** Nickname and name, saved together with 保存. */
function ProfileForm({ user }: { user: UserInfo }) {
  const change = useChangeInfo();
  // null: not edited, so what another remote or tab changes shows here too.
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [problems, setProblems] = useState<Partial<Record<keyof ProfileDraft, string>>>({});
  const [failure, setFailure] = useState('');
  const saving = useRef(false);
  const shown = draft ?? { nickname: user.nickname, name: user.name };
  const changed = shown.nickname.trim() !== user.nickname || shown.name.trim() !== user.name;
  // Back, or any way out, with edits not saved: ask before they are dropped.
  useLeaveGuard(changed, async () => {
    const { confirm } = await showModal({
      title: '放弃未保存的修改？',
      content: '昵称或姓名的修改还没有保存，离开后将丢失。',
      confirmText: '放弃',
      cancelText: '继续编辑',
    });
    return confirm;
  });

  const edit = (field: keyof ProfileDraft, value: string) => {
    setDraft({ ...shown, [field]: value });
    setProblems((p) => ({ ...p, [field]: undefined }));
    setFailure('');
  };

  const save = async () => {
    if (saving.current || !changed) return;
    const found = validateProfile(shown);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    saving.current = true;
    try {
      await change.mutateAsync({ nickname: shown.nickname.trim(), name: shown.name.trim() });
      setDraft(null);
      toast('已保存');
    } catch (error) {
      setFailure(profileErrorText(error));
    } finally {
      saving.current = false;
    }
  };

  return (
    <>
      <List className="ac-profile-list">
        <List.Item
          title="昵称"
          description={problems.nickname && <span className="ac-problem" role="alert">{problems.nickname}</span>}
        >
          <Input className="app-tap-input" aria-label="昵称" placeholder="请输入昵称" maxLength={NICKNAME_MAX} clearable value={shown.nickname} onChange={(v) => edit('nickname', v)} />
        </List.Item>
        <List.Item title="姓名" description={problems.name && <span className="ac-problem" role="alert">{problems.name}</span>}>
          <Input className="app-tap-input" aria-label="姓名" placeholder="选填" maxLength={NAME_MAX} clearable value={shown.name} onChange={(v) => edit('name', v)} />
        </List.Item>
        <List.Item extra={maskPhone(user.phone)} description="手机号用于登录，不能修改">
          手机号
        </List.Item>
      </List>
      <p className="ac-save-failure" role="alert" aria-label="保存结果">
        {failure}
      </p>
      <div className="ac-save">
        <Button block color="primary" shape="rounded" aria-label="保存" loading={change.isPending} disabled={!changed || change.isPending} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </>
  );
}

/** 个人资料: avatar (uploaded and saved at once), nickname and name (saved with 保存), the phone read-only. */
export default function ProfilePage() {
  const user = useUserInfo();
  if (!user?.token) return <SignInPrompt title="登录后查看个人资料" />;
  return (
    <div className="ac-profile">
      <List className="ac-profile-list">
        <AvatarPicker user={user} />
      </List>
      <ProfileForm user={user} />
      <AccountSecurity user={user} />
      <AccountDataRows />
    </div>
  );
}
