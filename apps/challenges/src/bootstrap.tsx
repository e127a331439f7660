import { mountStandalone } from '@vere/web-kit';
import App from './app';

mountStandalone('challenges', App);
