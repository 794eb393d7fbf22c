// The restore dialog: a backup of another installation is refused by the
// server (field confirm) until confirmed; the dialog shows the server's
// reason and restores again with confirm only when the user says so.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ModalFuncProps } from 'antd'
import type { ReactNode } from 'react'
import i18n from '@/app/i18n'
import { ApiError } from '@/api/http'

const restore = vi.fn()
const confirms: ModalFuncProps[] = []

vi.mock('@/app/feedback', () => ({
  feedback: {
    message: { success: vi.fn(), error: vi.fn() },
    modal: { confirm: (p: ModalFuncProps) => confirms.push(p) },
    notification: {},
  },
}))
vi.mock('@/components/Auth', () => ({ Auth: ({ children }: { children: ReactNode }) => children }))
vi.mock('../api', () => {
  const idle = () => ({ mutateAsync: vi.fn() })
  return {
    downloadBackup: vi.fn(),
    useBackups: () => ({ data: [{ name: 'b.zip', size: 2048, createTime: '2026-01-02T03:04:05Z' }], isLoading: false }),
    useBackupSettings: () => ({ data: undefined }),
    useAddBackup: idle,
    useDeleteBackup: idle,
    useUploadBackup: idle,
    useSaveBackupSettings: idle,
    useRestoreBackup: () => ({ mutateAsync: restore }),
  }
})

import { feedback } from '@/app/feedback'
import BackupRestore from './BackupRestore'

const reason = 'This backup was made by another installation of Cangshu'
const other = () => new ApiError('Invalid input', 400, 'A0400', { confirm: reason })

beforeAll(async () => {
  await i18n.changeLanguage('en')
})
afterAll(async () => {
  await i18n.changeLanguage('zh-CN')
})
beforeEach(() => {
  restore.mockReset()
  confirms.length = 0
  vi.mocked(feedback.message.success).mockClear()
  vi.mocked(feedback.message.error).mockClear()
})
afterEach(cleanup)

// restoreB clicks Restore on b.zip and OK in its Popconfirm.
async function restoreB() {
  render(<BackupRestore />)
  fireEvent.click(screen.getByTestId('backup-restore-b.zip'))
  fireEvent.click(await screen.findByTestId('backup-restore-ok'))
}

describe('restoring a backup', () => {
  it('restores a backup of this installation at once, without a second question', async () => {
    restore.mockResolvedValueOnce({ restored: 'b.zip', before: 'before-restore-x.zip' })
    await restoreB()
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('b.zip restored: sign in again'))
    expect(restore).toHaveBeenCalledTimes(1)
    expect(restore).toHaveBeenCalledWith({ name: 'b.zip' })
    expect(confirms).toHaveLength(0)
  })

  it("asks again for another installation's backup, showing the server's reason, and restores it with confirm when confirmed", async () => {
    restore.mockRejectedValueOnce(other()).mockResolvedValueOnce({ restored: 'b.zip', before: 'before-restore-x.zip' })
    await restoreB()
    await waitFor(() => expect(confirms).toHaveLength(1))
    expect(confirms[0].title).toBe('A backup of another installation')
    expect(confirms[0].content).toBe(reason)
    expect(confirms[0].okText).toBe('Restore it anyway')
    expect(confirms[0].okButtonProps?.danger).toBe(true)
    expect(restore).toHaveBeenCalledTimes(1)
    expect(feedback.message.success).not.toHaveBeenCalled()
    await act(async () => {
      confirms[0].onOk?.()
    })
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('b.zip restored: sign in again'))
    expect(restore).toHaveBeenCalledTimes(2)
    expect(restore).toHaveBeenLastCalledWith({ name: 'b.zip', confirm: true })
    expect(feedback.message.error).not.toHaveBeenCalled()
  })

  it('restores nothing when the second question is cancelled', async () => {
    restore.mockRejectedValueOnce(other())
    await restoreB()
    await waitFor(() => expect(confirms).toHaveLength(1))
    await act(async () => {
      confirms[0].onCancel?.()
    })
    await waitFor(() => expect(screen.getByTestId('backup-restore-b.zip').className).not.toContain('loading'))
    expect(restore).toHaveBeenCalledTimes(1)
    expect(feedback.message.success).not.toHaveBeenCalled()
  })

  it('shows any other refusal as it is, without the second question', async () => {
    restore.mockRejectedValueOnce(new ApiError('The backup is incomplete: the table stock_moves is missing', 400, 'A0400', { name: 'x' }))
    await restoreB()
    await waitFor(() => expect(feedback.message.error).toHaveBeenCalledWith('The backup is incomplete: the table stock_moves is missing'))
    expect(confirms).toHaveLength(0)
    expect(restore).toHaveBeenCalledTimes(1)
    expect(feedback.message.success).not.toHaveBeenCalled()
  })
})
