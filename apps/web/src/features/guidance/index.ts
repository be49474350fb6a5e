export { GettingStarted } from './components/getting-started';
export { PublishDraftsOffer } from './components/publish-drafts-offer';
export { DraftNotice } from './components/draft-notice';
export { checklistQuery, useRecordLinkShared } from './api/guidance';
