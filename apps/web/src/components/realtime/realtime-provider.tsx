import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { createSocket } from '../../lib/socket';
import { toastError, toastInfo, toastSuccess } from '../../lib/toast';
import { useSessionStore } from '../../stores/session-store';

const SocketContext = createContext<Socket | null>(null);

/** Payload of the server's 'notification' event. */
interface RealtimeNotification {
  title: string;
  message: string;
  color?: string;
}

/**
 * Holds one socket.io connection while the user is signed in; disconnects on sign-out
 * (the provider lives inside the portal shell, which unmounts on logout).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!isAuthenticated) return;
    const next = createSocket();
    next.on('notification', (payload: RealtimeNotification) => {
      if (!payload?.title && !payload?.message) return;
      // The server may ask for a colour; red and green keep their meaning, anything else is news.
      const show =
        payload.color === 'red' ? toastError : payload.color === 'green' ? toastSuccess : toastInfo;
      show(payload.title, payload.message);
    });
    next.connect();
    setSocket(next);
    return () => {
      next.removeAllListeners();
      next.disconnect();
      setSocket(null);
    };
  }, [isAuthenticated]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The live socket, or null before it exists / when signed out. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/** Subscribes `handler` to a server event for the lifetime of the component. */
export function useSocketEvent<T = unknown>(event: string, handler: (payload: T) => void): void {
  const socket = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: T) => handlerRef.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
