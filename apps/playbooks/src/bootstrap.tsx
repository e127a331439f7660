import { mountStandalone } from '@vere/web-kit';
import App from './app';

mountStandalone('playbooks', App);
