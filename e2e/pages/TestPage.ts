import { expect, type Page } from '@playwright/test';
import { Shell } from './Shell';

export class TestRoomPage extends Shell {
  constructor(page: Page) {
    super(page);
  }
  get status() {
    return this.page.getByTestId('room-status');
  }
  get sn() {
    return this.page.getByTestId('room-sn');
  }
  get refreshes() {
    return this.page.getByTestId('room-refreshes');
  }
  get table() {
    return this.page.getByTestId('room-table');
  }
  get changes() {
    return this.page.getByTestId('room-changes').getByRole('listitem');
  }
  async open(roomId: number) {
    await this.goto(`/test?room_id=${roomId}`);
    await expect(this.status).toBeVisible();
  }
}
