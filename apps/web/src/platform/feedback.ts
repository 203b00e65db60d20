import { Modal, type ModalFuncProps, message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** The part of antd's modal API the platform uses. */
export interface ModalApi {
  confirm(props: ModalFuncProps): unknown;
}

/**
 * Message, notification and modal APIs usable outside React (the API client, stores). The app root
 * binds the context-aware instances from antd's <App>; until then (and in unit tests) the static
 * functions are used.
 */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalApi;
}

const staticModal: ModalApi = { confirm: (props) => Modal.confirm(props) };

export const feedback: Feedback = {
  message,
  notification,
  modal: staticModal,
};

export function bindFeedback(api: Feedback): void {
  feedback.message = api.message;
  feedback.notification = api.notification;
  feedback.modal = api.modal;
}

/** Page-level effects, separated so tests can observe them instead of reloading the test page. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
