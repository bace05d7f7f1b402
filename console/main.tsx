import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './realtime/socket';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
