import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

export const texts = {
  settings: {
    store: 'Store',
    name: 'Name',
    location: 'Location',
    phone: 'Phone',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Store details saved',
    saveFailed: 'The store could not be saved: {{message}}',
    required: 'Please fill in all fields',
    readOnly: 'Only an admin or the owner can change the store’s details.',
    leaveTitle: 'Leave store',
    leaveLead: 'You will no longer see {{store}} or work in it. An admin can invite you again.',
    leave: 'Leave store',
    leaveConfirm: 'Leave {{store}}?',
    leaveConfirmBody: 'You will lose access to its stock, shops and history.',
    left: 'You left {{store}}',
    leaveFailed: 'You could not leave the store: {{message}}',
    ownerMustTransfer: 'You are the owner. Transfer ownership to another member before you leave.',
    goToMembers: 'Go to Members',
    deleteTitle: 'Delete store',
    deleteLead: 'Deletes {{store}} for every member. Its history is kept but nobody can open it again.',
    delete: 'Delete store',
    deleteConfirmTitle: 'Delete {{store}}?',
    typeName: 'Type the store’s name to confirm',
    typeNameHint: 'Type “{{store}}” exactly.',
    deleting: 'Deleting…',
    deleted: '{{store}} was deleted',
    deleteFailed: 'The store could not be deleted: {{message}}',
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
